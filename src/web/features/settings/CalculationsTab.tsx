import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { type CalculationDefaults, calculationDefaultsSchema } from '../../../core/restock/product';
import { apiFetch } from '../../lib/api-client';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { ComponentGate } from '../access/gates';
import styles from './SettingsLayout.module.css';

export const calculationKeys = { defaults: ['calculation-defaults'] as const };

const FIELDS: Array<{ key: keyof CalculationDefaults; label: string }> = [
  { key: 'order_lead_time', label: 'Order lead time (days)' },
  { key: 'prep_lead_time', label: 'Time for Prep (days)' },
  { key: 'amz_lead_time', label: 'Time for AMZ (days)' },
  { key: 'desired_days_of_inventory', label: 'Desired days of inventory' },
];

/** Settings → Calculations: the defaults the restock formulas use where a product has no value. */
export function CalculationsTab() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: calculationKeys.defaults,
    queryFn: () => apiFetch<CalculationDefaults>('/api/settings/calculations'),
  });
  const form = useForm<CalculationDefaults>({ resolver: zodResolver(calculationDefaultsSchema) });
  useEffect(() => {
    if (query.data) form.reset(query.data);
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (defaults: CalculationDefaults) =>
      apiFetch<CalculationDefaults>(
        '/api/settings/calculations',
        { method: 'PUT', body: defaults },
        'Failed to save',
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(calculationKeys.defaults, saved);
      void queryClient.invalidateQueries({ queryKey: ['restock'] });
      toast.success('Calculation defaults saved');
    },
    onError: (error) => toast.error(error.message),
  });

  if (query.isPending) return <p>Loading...</p>;
  if (query.isError) return <p className={styles.error}>Error loading data</p>;
  const { errors } = form.formState;

  return (
    <ComponentGate path="settings.calculations">
      {(canEdit) => (
        <form
          className={styles.section}
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          noValidate
        >
          <h2>Calculations</h2>
          <p className={styles.muted}>
            The restock formulas use these values for any product whose own lead times or desired days are
            blank.
          </p>
          <div className={styles.grid}>
            {FIELDS.map((field) => (
              <TextField
                key={field.key}
                label={field.label}
                type="number"
                min={0}
                max={365}
                readOnly={!canEdit}
                error={errors[field.key]?.message}
                {...form.register(field.key, { valueAsNumber: true })}
              />
            ))}
          </div>
          {canEdit ? (
            <p>
              <Button type="submit" disabled={save.isPending}>
                Save
              </Button>
            </p>
          ) : null}
        </form>
      )}
    </ComponentGate>
  );
}
