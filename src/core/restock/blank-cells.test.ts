import { describe, expect, it } from 'vitest';
import { blankCell } from './blank-cells';
import { BUILT_IN_DEFAULTS } from './calculation-defaults';

describe('blankCell', () => {
  it('shows the account default for blank lead and desired days', () => {
    const defaults = { ...BUILT_IN_DEFAULTS, order_lead_time: 12 };
    expect(blankCell('order_lead_time', defaults)).toMatchObject({ kind: 'default', value: 12 });
    expect(blankCell('desired_days_of_inventory', defaults)).toMatchObject({ kind: 'default', value: 30 });
    expect(blankCell('order_lead_time', defaults)).toHaveProperty('note', expect.stringMatching(/^default/));
  });

  it('treats case pack and MOQ as optional, and cost and supplier as really missing', () => {
    expect(blankCell('case_pack', BUILT_IN_DEFAULTS).kind).toBe('optional');
    expect(blankCell('moq', BUILT_IN_DEFAULTS).kind).toBe('optional');
    expect(blankCell('cost', BUILT_IN_DEFAULTS).kind).toBe('missing');
    expect(blankCell('supplier', BUILT_IN_DEFAULTS).kind).toBe('missing');
    expect(blankCell('total_spend', BUILT_IN_DEFAULTS).kind).toBe('missing');
  });

  it('reads blank seasonality as 1 and blank inbound stock as 0, as the engine does', () => {
    expect(blankCell('seasonality_multiplier', BUILT_IN_DEFAULTS)).toMatchObject({
      kind: 'default',
      value: 1,
    });
    expect(blankCell('inbound_quantity', BUILT_IN_DEFAULTS)).toMatchObject({ kind: 'default', value: 0 });
  });
});
