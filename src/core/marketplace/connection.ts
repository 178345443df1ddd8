import { z } from 'zod';
import { findMarketplace, REGION_NAMES, type Region, regionSchema } from './marketplaces';

// The seller's own SP-API app (a self-authorised private app): the LWA client id and secret and
// the refresh token Seller Central shows once the seller authorises the app.

/** LWA client ids read `amzn1.application-oa2-client.` and a hex tail. */
const CLIENT_ID = /^amzn1\.application-oa2-client\.[0-9a-f]{16,64}$/;
/** Refresh tokens start `Atzr|`; Amazon does not promise their length, so only a bound is checked. */
const REFRESH_TOKEN = /^Atzr\|[\x21-\x7e]{16,2000}$/;
const SECRET = /^[\x21-\x7e]{16,500}$/;

const text = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` });

export const connectionInputSchema = z
  .object({
    region: regionSchema,
    marketplaceId: text('Marketplace').max(20, { error: 'Marketplace is not a marketplace id' }),
    clientId: text('LWA client id')
      .max(200)
      .regex(CLIENT_ID, { error: 'LWA client id must look like amzn1.application-oa2-client.…' }),
    clientSecret: text('LWA client secret')
      .max(500)
      .regex(SECRET, { error: 'LWA client secret must be the 16 or more characters Seller Central shows' }),
    refreshToken: text('Refresh token')
      .max(2005)
      .regex(REFRESH_TOKEN, { error: 'Refresh token must start with Atzr|' }),
  })
  .superRefine((input, context) => {
    const market = findMarketplace(input.marketplaceId);
    if (!market) {
      context.addIssue({
        code: 'custom',
        path: ['marketplaceId'],
        message: 'Marketplace is not a marketplace id',
      });
    } else if (market.region !== input.region) {
      context.addIssue({
        code: 'custom',
        path: ['marketplaceId'],
        message: `Marketplace ${market.country} is not in ${REGION_NAMES[input.region as Region]}`,
      });
    }
  });
export type ConnectionInput = z.infer<typeof connectionInputSchema>;

export type SecretState = 'set' | 'not set';

/** What the API answers about a connection: never a secret, only whether it is set. */
export type ConnectionView = {
  connected: boolean;
  region: Region | null;
  marketplaceId: string | null;
  sellerId: string | null;
  clientId: string | null;
  secrets: { clientSecret: SecretState; refreshToken: SecretState };
  /** The refresh token's last four characters, so the seller can tell which token is stored. */
  lastFour: string | null;
  /** Set when Amazon refused the authorisation: the schedule stopped until the seller reconnects. */
  pausedReason: string | null;
};

export const NOT_CONNECTED: ConnectionView = {
  connected: false,
  region: null,
  marketplaceId: null,
  sellerId: null,
  clientId: null,
  secrets: { clientSecret: 'not set', refreshToken: 'not set' },
  lastFour: null,
  pausedReason: null,
};

export const lastFourOf = (secret: string) => secret.slice(-4);

export const NOT_CONNECTED_MESSAGE = 'Connect a marketplace account first (Settings → Marketplace)';
