import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSummary, AddMemberInput, Member } from '../../../core/account/members';
import { apiFetch } from '../../lib/api-client';

export const accountKeys = {
  account: ['account'] as const,
  members: ['account', 'members'] as const,
};

export const useAccount = () =>
  useQuery({ queryKey: accountKeys.account, queryFn: () => apiFetch<AccountSummary>('/api/account') });

export const useMembers = (enabled: boolean) =>
  useQuery({
    queryKey: accountKeys.members,
    queryFn: () => apiFetch<Member[]>('/api/account/members'),
    enabled,
  });

export function useAddMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: AddMemberInput) =>
      apiFetch<Member>('/api/account/members', { method: 'POST', body: member }, 'Could not add the member'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.members }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(
        `/api/account/members/${encodeURIComponent(id)}`,
        { method: 'DELETE' },
        'Could not remove the member',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.members }),
  });
}
