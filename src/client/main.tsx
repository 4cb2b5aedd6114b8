import { StrictMode, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App.tsx';
import { ConfirmProvider } from './components/ui/ConfirmDialog.tsx';
import { ToastProvider } from './components/ui/Toast.tsx';
import { useFreshUserInfo } from './hooks/useFreshUserInfo.ts';
import { createQueryClient, createTrpcClient, trpc } from './lib/trpc.ts';
import './styles/global.css';

function FreshUserInfo({ children }: { children: ReactNode }) {
  useFreshUserInfo();
  return children;
}

function Root() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <FreshUserInfo>
              <App />
            </FreshUserInfo>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
