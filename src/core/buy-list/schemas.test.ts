import { describe, expect, it } from 'vitest';
import {
  createPurchaseOrderRequest,
  isPurchaseOrderId,
  orderQuantityRequest,
  purchaseOrderStatusRequest,
} from './schemas';

const QUANTITY_MESSAGE = 'orderQuantity must be a whole number of 0 or more, or null for the recommendation';

describe('orderQuantityRequest', () => {
  it.each([
    [{ orderQuantity: 0 }, 0],
    [{ orderQuantity: 36 }, 36],
    [{ orderQuantity: null }, null],
  ])('accepts %j', (body, quantity) => {
    expect(orderQuantityRequest.parse(body).orderQuantity).toBe(quantity);
  });

  it.each([
    [{}, QUANTITY_MESSAGE],
    [{ orderQuantity: -1 }, QUANTITY_MESSAGE],
    [{ orderQuantity: 1.5 }, QUANTITY_MESSAGE],
    [{ orderQuantity: '3' }, QUANTITY_MESSAGE],
    [{ orderQuantity: 2_147_483_648 }, 'orderQuantity must be at most 2,147,483,647'],
  ])('refuses %j', (body, message) => {
    const result = orderQuantityRequest.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('createPurchaseOrderRequest', () => {
  it.each([
    [{ supplier: ' Acme ' }, 'Acme'],
    [{ supplier: null }, null],
    [{ supplier: '  ' }, null],
  ])('reads %j as supplier %j', (body, supplier) => {
    expect(createPurchaseOrderRequest.parse(body).supplier).toBe(supplier);
  });

  it.each([[{}], [{ supplier: 3 }], [{ supplier: 'x'.repeat(201) }]])('refuses %j', (body) => {
    expect(createPurchaseOrderRequest.safeParse(body).success).toBe(false);
  });
});

describe('purchaseOrderStatusRequest', () => {
  it.each(['ordered', 'received'])('accepts %s', (status) => {
    expect(purchaseOrderStatusRequest.parse({ status }).status).toBe(status);
  });

  it.each(['draft', 'cancelled', null])('refuses %j', (status) => {
    expect(purchaseOrderStatusRequest.safeParse({ status }).error?.issues[0]?.message).toBe(
      "status must be 'ordered' or 'received'",
    );
  });
});

describe('isPurchaseOrderId', () => {
  it.each([
    ['8d3e4c2a-1b2c-4d5e-8f90-123456789abc', true],
    ['not-an-id', false],
    ['8d3e4c2a-1b2c-4d5e-8f90-123456789abc; drop', false],
  ])('%s: %j', (id, ok) => {
    expect(isPurchaseOrderId(id)).toBe(ok);
  });
});
