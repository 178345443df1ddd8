import type { ForecastStep } from '../forecast/forecast';

/** A product's stored forecast, as GET /api/products/:msku/history answers it. */
export type StoredForecast = {
  dailyRate: number;
  trend: number | null;
  seasonalitySuggestion: number | null;
  accuracy: number | null;
  method: string;
  steps: ForecastStep[];
  computedAt: string;
  lastDay: string;
};

/** GET /api/products/:msku/history: the product's daily history, forecast and its projection. */
export type ProductHistory = {
  msku: string;
  /** The account's last day of sales history (the forecast's "today"), or null without history. */
  lastDay: string | null;
  sales: { day: string; units: number }[];
  stock: { day: string; available: number }[];
  forecast: StoredForecast | null;
  /** The forecast drawn forward: the daily rate for each of the next 60 days after lastDay. */
  projection: { day: string; units: number }[];
};
