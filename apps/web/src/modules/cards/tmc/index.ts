export { BookOnTmcButton } from './BookOnTmcButton';
export { TmcTicketsPanel } from './TmcTicketsPanel';
