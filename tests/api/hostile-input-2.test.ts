// Hostile input at volume, in-process: part 2 of the endpoints (tests/fixtures/hostile-input.ts).
import { describeHostileInput } from '../fixtures/hostile-input.ts';

describeHostileInput(2);
