import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EarlyAccessForm } from './EarlyAccessForm';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answerWith(response: () => Promise<Response>) {
  const fetchMock = vi.fn(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

async function fillAndSubmit() {
  const user = userEvent.setup();
  render(<EarlyAccessForm variant="4" />);
  await user.type(screen.getByLabelText('Full Name'), ' Sam  Lee ');
  await user.type(screen.getByLabelText('Email'), 'sam@example.com');
  await user.type(screen.getByLabelText('Monthly Revenue'), '1234.5');
  await user.type(screen.getByLabelText('Active ASIN Count'), '1200');
  await user.click(screen.getByRole('button', { name: 'Get early access' }));
}

describe('EarlyAccessForm', () => {
  it('names every missing field on submit and sends nothing', async () => {
    const fetchMock = answerWith(() => json(201, {}));
    render(<EarlyAccessForm variant="1" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get early access' }));
    for (const message of [
      'Full Name is required',
      'Email is required',
      'Monthly revenue is required',
      'Active ASIN Count is required',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the converted values with the landing variant and shows the thank-you panel', async () => {
    const fetchMock = answerWith(() => json(201, { message: 'Thank you for signing up!' }));
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Thank you for signing up!' })).toBeTruthy();
    expect(screen.getByText('We look forward to helping you maximize your business')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/early-access');
    // Blur showed $1,234.50 and 1,200; whole dollars are sent, the cents after the point (DESIGN 9).
    expect(JSON.parse(String(init.body))).toEqual({
      fullName: 'Sam Lee',
      email: 'sam@example.com',
      monthlyRevenue: 1234.5,
      asinCnt: 1200,
      landingVariant: '4',
    });
  });

  it.each([
    ['the server message', () => json(400, { message: 'Invalid email address' }), 'Invalid email address'],
    ['Signup failed without a message', () => json(500, {}), 'Signup failed'],
    [
      'the network text when the call fails',
      () => Promise.reject(new TypeError('offline')),
      'An error occurred. Please try again.',
    ],
    [
      'the network text when the answer is not JSON',
      () => Promise.resolve(new Response('<html>', { status: 502 })),
      'An error occurred. Please try again.',
    ],
  ])('shows %s under the form and keeps the form', async (_case, response, message) => {
    answerWith(response);
    await fillAndSubmit();
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('form', { name: 'Early access signup' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
  });
});
