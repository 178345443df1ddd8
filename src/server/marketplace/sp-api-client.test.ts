import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SpApiStandIn, STAND_IN_CREDENTIALS, startSpApiStandIn } from '../test-support/sp-api-stand-in';
import { createSpApiClient } from './sp-api-client';

let standIn: SpApiStandIn;
beforeAll(async () => {
  standIn = await startSpApiStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

/** A client whose waits are recorded, not slept. */
function recordingClient() {
  const waits: number[] = [];
  const client = createSpApiClient({
    region: 'na',
    credentials: STAND_IN_CREDENTIALS,
    testingEndpoint: standIn.url,
    sleep: async (ms) => void waits.push(ms),
  });
  return { client, waits };
}

const summaries = (client: ReturnType<typeof createSpApiClient>) =>
  client.get('/fba/inventory/v1/summaries', {
    granularityType: 'Marketplace',
    marketplaceIds: 'ATVPDKIKX0DER',
  });

describe('the SP-API client', () => {
  it('waits as the rate header says after a 429, or as Retry-After says, doubling otherwise', async () => {
    const { client, waits } = recordingClient();
    standIn.state.faults.push(
      { prefix: '/fba', fault: { kind: 'throttle', rate: 0.5 } },
      { prefix: '/fba', fault: { kind: 'throttle', rate: 2, retryAfter: 3 } },
      { prefix: '/fba', fault: { kind: 'status', status: 503 } },
    );
    await summaries(client);
    // 0.5 requests a second: 2 s; Retry-After 3 s; then the back-off's third step (1 s doubled twice).
    expect(waits).toEqual([2000, 3000, 4000]);
  });

  it('sends the secrets to the token endpoint only, and the access token to the API', async () => {
    const { client } = recordingClient();
    await summaries(client);
    const [token, call] = standIn.requests;
    expect(token!.path).toBe('/auth/o2/token');
    expect(new URLSearchParams(token!.body).get('grant_type')).toBe('refresh_token');
    expect(call!.headers['x-amz-access-token']).toMatch(/^Atza\|/);
    expect(JSON.stringify(call)).not.toContain(STAND_IN_CREDENTIALS.refreshToken);
  });
});
