import { createContext, useContext } from 'react';
import type { ColumnFilter, Filters } from '../../../core/restock/grid-filters';

type FiltersState = { filters: Filters; setFilter: (key: string, value: ColumnFilter | undefined) => void };

/**
 * Header filters read their values from context, so the grid's column objects stay the same
 * while the user types (rebuilding columns would re-render every header and cell).
 */
export const FiltersContext = createContext<FiltersState>({ filters: {}, setFilter: () => {} });

export const useFilters = () => useContext(FiltersContext);
