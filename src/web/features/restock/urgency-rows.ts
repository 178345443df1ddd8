import { isoDay, utcDayOf } from '../../../core/forecast/days';
import { type Urgency, urgencyOf } from '../../../core/restock/urgency';
import type { GridRow } from './api';
import styles from './RestockGrid.module.css';

const TINTS: Readonly<Record<Urgency, string>> = {
  out_of_stock: `${styles.riskOut} urgency-out_of_stock`,
  before_lead_time: `${styles.riskSoon} urgency-before_lead_time`,
  fine: 'urgency-fine',
};

/**
 * The row's tint by urgency, against today's UTC date like the engine's dates. The plain
 * `urgency-*` class names the tint for tests and user styles; the module class paints it.
 */
export function urgencyRowClass(row: GridRow): string {
  return TINTS[urgencyOf(row, isoDay(utcDayOf(Date.now())))];
}
