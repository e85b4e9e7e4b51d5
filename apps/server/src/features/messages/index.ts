export { messageRoutes } from './routes.js';
export { sendMessage, type MessageType } from './service.js';
