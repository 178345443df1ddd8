import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditControl, RoleGate } from './gates';

const session = vi.hoisted(() => ({ user: null as null | { role: string } }));
vi.mock('../../lib/session', () => ({ useSession: () => session }));

const renderAs = (role: string | null, node: React.ReactElement) => {
  session.user = role ? { role } : null;
  return render(node);
};

describe('RoleGate', () => {
  it('shows its content to a role at or above the required one', () => {
    renderAs('beta', <RoleGate minRole="admin">secret</RoleGate>);
    expect(screen.getByText('secret')).toBeTruthy();
  });

  it('hides its content from a lower role in not_visible mode', () => {
    renderAs('user', <RoleGate minRole="admin">secret</RoleGate>);
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('dims and disables its content for a lower role in dimmed mode', () => {
    renderAs(
      'user',
      <RoleGate minRole="admin" mode="dimmed">
        <button type="button">Do it</button>
      </RoleGate>,
    );
    const wrapper = screen
      .getByRole('button', { name: 'Do it', hidden: true })
      .closest('[aria-disabled="true"]');
    expect(wrapper).not.toBeNull();
  });

  it('never dims the dev-only gate and renders nothing for an invalid role', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAs(
      'admin',
      <>
        <RoleGate minRole="dev" mode="dimmed">
          dev tools
        </RoleGate>
        <RoleGate minRole="owner">bad gate</RoleGate>
      </>,
    );
    expect(screen.queryByText('dev tools')).toBeNull();
    expect(screen.queryByText('bad gate')).toBeNull();
    expect(error).toHaveBeenCalledWith('Invalid required role: owner');
    error.mockRestore();
  });

  it('hides content from a visitor without a session', () => {
    renderAs(null, <RoleGate minRole="user">members only</RoleGate>);
    expect(screen.queryByText('members only')).toBeNull();
  });
});

describe('EditControl', () => {
  it('shows the control to an editor', () => {
    renderAs('admin', <EditControl canEdit>Save</EditControl>);
    expect(screen.getByText('Save')).toBeTruthy();
  });

  it('hides the control from a viewer by default', () => {
    renderAs('user', <EditControl canEdit={false}>Save</EditControl>);
    expect(screen.queryByText('Save')).toBeNull();
  });

  it('disables it with the SPEC tooltip when the restriction is disabled', () => {
    renderAs(
      'user',
      <EditControl canEdit={false} restriction="disabled">
        Save
      </EditControl>,
    );
    const wrapper = screen.getByTitle('You do not have permission to edit this component.');
    expect(wrapper.getAttribute('aria-disabled')).toBe('true');
  });
});
