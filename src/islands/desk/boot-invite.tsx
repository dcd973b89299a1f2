// The invitation page's one script: mounts the enrolment steps in #desk.
import { createRoot } from 'react-dom/client';
import InviteApp from './InviteApp.tsx';

const root = document.getElementById('desk');
if (root) createRoot(root).render(<InviteApp />);
