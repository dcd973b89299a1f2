import type { DeskStaff } from '../../lib/contract/desk.ts';

/** What every screen receives: its address parameters and who is signed in. */
export interface ScreenProps {
  params: Record<string, string>;
  staff: DeskStaff;
}
