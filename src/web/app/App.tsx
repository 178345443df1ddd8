import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { SessionProvider } from '../lib/session';
import { router } from './router';
import { ThemeProvider } from './theme-context';

// Cache changes reach the components in a microtask, not a later task: an edit written into the
// cache inside a click (the replen checkbox) then renders before the browser's next task, instead
// of React first showing the controlled checkbox's old state for a moment.
notifyManager.setScheduler(queueMicrotask);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SessionProvider>
          <RouterProvider router={router} />
          {/* SPEC 9: toasts top-right, auto-close 5000 ms, light theme. */}
          <ToastContainer position="top-right" autoClose={5000} theme="light" />
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
