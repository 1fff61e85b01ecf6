/** The business day, shared with the web app (contracts/src/time.ts). */
export { shanghaiToday } from '@ems/contracts';
