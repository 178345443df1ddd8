import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { type ConnectionInput, connectionInputSchema } from '../../../core/marketplace/connection';
import {
  marketplaceLabel,
  marketplacesOf,
  REGION_NAMES,
  REGIONS,
  type Region,
} from '../../../core/marketplace/marketplaces';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { useCan } from '../access/use-can';
import styles from '../settings/SettingsLayout.module.css';
import { useConnection, useDisconnect, useSaveConnection, useTestConnection } from './api';
import { SyncPanel } from './SyncPanel';

type FormInput = z.input<typeof connectionInputSchema>;

const EMPTY: FormInput = {
  region: 'na',
  marketplaceId: 'ATVPDKIKX0DER',
  clientId: '',
  clientSecret: '',
  refreshToken: '',
};

/**
 * Settings → Marketplace: the seller's own SP-API app (self-authorised), a test of it, and the
 * sync. Secrets are never shown again once saved: the page says whether they are set.
 */
export function MarketplaceTab() {
  const connection = useConnection();
  const save = useSaveConnection();
  const disconnect = useDisconnect();
  const test = useTestConnection();
  const canEdit = useCan('marketplace.edit');
  const form = useForm<FormInput, unknown, ConnectionInput>({
    resolver: zodResolver(connectionInputSchema),
    defaultValues: EMPTY,
  });
  const view = connection.data;
  useEffect(() => {
    if (view?.connected) {
      form.reset({
        ...EMPTY,
        region: view.region ?? 'na',
        marketplaceId: view.marketplaceId ?? '',
        clientId: view.clientId ?? '',
      });
    }
  }, [view, form]);
  const region = form.watch('region') as Region;

  if (connection.isPending) return <p>Loading...</p>;
  if (connection.isError || !view) return <p className={styles.error}>Error loading data</p>;
  const { errors } = form.formState;
  const secretNote = (state: 'set' | 'not set', lastFour: string | null) =>
    state === 'set'
      ? `Set${lastFour ? ` (ends …${lastFour})` : ''}: enter it again to change the connection`
      : 'Not set';

  return (
    <>
      <form
        className={styles.section}
        aria-label="Marketplace connection"
        noValidate
        onSubmit={form.handleSubmit((input) =>
          save.mutate(input, {
            onSuccess: () => {
              toast.success('Marketplace connection saved');
              test.reset();
            },
            onError: (error) => toast.error(error.message),
          }),
        )}
      >
        <h2>Marketplace</h2>
        <p className={styles.muted}>
          Connect your seller account through your own Selling Partner API app (a private app you authorise
          yourself in Seller Central). Replen then keeps stock, prices, titles and daily sales up to date.
        </p>
        <p role="status">
          {view.connected ? `Connected${view.sellerId ? ` · seller ${view.sellerId}` : ''}` : 'Not connected'}
        </p>
        {view.pausedReason ? <p className={styles.error}>{view.pausedReason}</p> : null}
        <div className={styles.grid}>
          <SelectField
            label="Region"
            disabled={!canEdit}
            error={errors.region?.message}
            {...form.register('region', {
              onChange: (event: { target: { value: Region } }) =>
                form.setValue('marketplaceId', marketplacesOf(event.target.value)[0]?.id ?? ''),
            })}
          >
            {REGIONS.map((code) => (
              <option key={code} value={code}>
                {REGION_NAMES[code]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Marketplace"
            disabled={!canEdit}
            error={errors.marketplaceId?.message}
            {...form.register('marketplaceId')}
          >
            {marketplacesOf(region).map((market) => (
              <option key={market.id} value={market.id}>
                {marketplaceLabel(market)}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label="LWA client id"
          autoComplete="off"
          readOnly={!canEdit}
          error={errors.clientId?.message}
          {...form.register('clientId')}
        />
        <TextField
          label="LWA client secret"
          type="password"
          autoComplete="new-password"
          readOnly={!canEdit}
          placeholder={secretNote(view.secrets.clientSecret, null)}
          error={errors.clientSecret?.message}
          {...form.register('clientSecret')}
        />
        <TextField
          label="Refresh token"
          type="password"
          autoComplete="new-password"
          readOnly={!canEdit}
          placeholder={secretNote(view.secrets.refreshToken, view.lastFour)}
          error={errors.refreshToken?.message}
          {...form.register('refreshToken')}
        />
        {canEdit ? (
          <p className={styles.inline}>
            <Button type="submit" disabled={save.isPending}>
              {view.connected ? 'Save connection' : 'Connect'}
            </Button>
            <Button
              variant="secondary"
              disabled={!view.connected || test.isPending}
              onClick={() => test.mutate(undefined, { onError: (error) => toast.error(error.message) })}
            >
              Test connection
            </Button>
            <Button
              variant="ghost"
              disabled={!view.connected || disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => {
                    form.reset(EMPTY);
                    test.reset();
                    toast.success('Marketplace disconnected: its secrets were deleted');
                  },
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Disconnect
            </Button>
          </p>
        ) : null}
        {test.data ? (
          <p role="alert" className={test.data.ok ? undefined : styles.error}>
            {test.data.message}
          </p>
        ) : null}
      </form>
      <SyncPanel canEdit={canEdit} connected={view.connected} />
    </>
  );
}
