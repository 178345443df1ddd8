-- Decision 012: parts of an upload are transient (they wait for the last part, an abandoned upload
-- is deleted after a day), so they skip the write-ahead log: staging 900,000 rows and deleting
-- them at the last part wrote them to the log twice. After a crash the table is empty and the
-- next part of an upload that was under way is refused (409: parts 0 to N-1 did not arrive), so
-- the file is sent again; nothing half-written ever reaches the history.
ALTER TABLE "history_upload_rows" SET UNLOGGED;
