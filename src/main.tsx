import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Placeholder } from './placeholder';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
