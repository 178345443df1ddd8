-- Decision 005: every page of products keeps half its space free, so that the next version of
-- each row (a re-import or an undo updates every row) fits on the row's own page. The update is
-- then a HOT update: no new entry in the primary key's index, and the old version's space is
-- reclaimed by the next write to the page instead of leaving the table to grow by a full copy of
-- the rows on every re-import until a vacuum. Pages written before this keep their rows until
-- those rows are next updated.
ALTER TABLE "products" SET (fillfactor = 50);
