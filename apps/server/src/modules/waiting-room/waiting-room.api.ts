// The waiting room's one door: a registration opening's fair queue (issue 22, decision 099).
export { ticketOf, waitingRoomRoutes } from './waiting-room.routes.ts';
export { deleteOldPlaces, endTurn, keepTurnWhileHeld, requireTurn } from './waiting-room.service.ts';
