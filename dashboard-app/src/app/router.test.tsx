import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedOut, stubApi } from '@/test/render';
import { App } from './app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the router', () => {
  it('opens a screen loaded on demand as the first one without React Router\'s HydrateFallback warning', async () => {
    stubApi(signedOut);
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    window.history.replaceState(null, '', '/forgot-password');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    const said = [...warn.mock.calls, ...error.mock.calls].map((call) => call.map(String).join(' '));
    expect(said.filter((line) => line.includes('HydrateFallback'))).toEqual([]);
  });
});
