import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { i18nReady } from '../lib/i18n';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import './global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const router = createAppRouter();

// The core texts of the stored language come first (one small chunk each); without them every label is a key.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
