import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '../../core/dashboard/api';
import { apiFetch } from '../lib/api-client';

export const dashboardKey = ['dashboard'] as const;

export const useDashboard = () =>
  useQuery({ queryKey: dashboardKey, queryFn: () => apiFetch<Dashboard>('/api/dashboard') });
