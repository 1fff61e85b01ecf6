export { BookOnTmcButton } from './BookOnTmcButton';
export { TmcTicketsPanel, useOpenTmcTickets } from './TmcTicketsPanel';
