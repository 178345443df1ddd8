import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { NO_EDIT_PERMISSION_TOOLTIP } from '../../../core/access/levels';
import { PRODUCT_FIELDS } from '../../../core/product-fields/fields';
import {
  type CalculationDefaults,
  calculationDefaultsSchema,
} from '../../../core/restock/calculation-defaults-schema';
import { apiFetch } from '../../lib/api-client';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { EditControl } from '../access/gates';
import { useCan } from '../access/use-can';
import { reloadRestockTable } from '../restock/table-reads';
import styles from './SettingsLayout.module.css';

export const calculationKeys = { defaults: ['calculation-defaults'] as const };

// The same names and limits as the product fields these defaults stand in for.
const FIELDS = (
  ['order_lead_time', 'prep_lead_time', 'amz_lead_time', 'desired_days_of_inventory'] as const
).map((key) => ({
  key,
  label: `${PRODUCT_FIELDS[key].label} (days)`,
  min: PRODUCT_FIELDS[key].min,
  max: PRODUCT_FIELDS[key].max,
})) satisfies Array<{ key: keyof CalculationDefaults }>;

/** Settings → Calculations: the defaults the restock formulas use where a product has no value. */
export function CalculationsTab() {
  const queryClient = useQueryClient();
  const canEdit = useCan('calculations.edit');
  const query = useQuery({
    queryKey: calculationKeys.defaults,
    queryFn: () => apiFetch<CalculationDefaults>('/api/settings/calculations'),
  });
  const form = useForm<z.input<typeof calculationDefaultsSchema>, unknown, CalculationDefaults>({
    resolver: zodResolver(calculationDefaultsSchema),
  });
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
      void reloadRestockTable(queryClient);
      toast.success('Calculation defaults saved');
    },
    onError: (error) => toast.error(error.message),
  });

  if (query.isPending) return <p>Loading...</p>;
  if (query.isError) return <p className={styles.error}>Error loading data</p>;
  const { errors } = form.formState;

  return (
    <form className={styles.section} onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
      <h2>Calculations</h2>
      <p className={styles.muted}>
        The restock formulas use these values for any product whose own lead times or desired days are blank.
      </p>
      <div className={styles.grid}>
        {FIELDS.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            type="number"
            min={field.min}
            max={field.max}
            // A viewer reads the values; the field says so by its look and its tooltip.
            readOnly={!canEdit}
            title={canEdit ? undefined : NO_EDIT_PERMISSION_TOOLTIP}
            error={errors[field.key]?.message}
            {...form.register(field.key, { valueAsNumber: true })}
          />
        ))}
      </div>
      <p>
        <EditControl canEdit={canEdit} restriction="disabled">
          <Button type="submit" disabled={save.isPending || !canEdit}>
            Save
          </Button>
        </EditControl>
      </p>
    </form>
  );
}
