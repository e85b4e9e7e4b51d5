import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  emptyParams,
  listMessageParams,
  messageDetailParams,
  messageDetailSchema,
  messageSummarySchema,
  pageSchema,
} from '@skinfair/contract';
import type { Db } from '../../platform/db/client.js';
import { playerRouter } from '../../platform/http/routers.js';
import { pageMessages, readMessage, unreadCount } from './service.js';

export function messageRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const signedIn = playerRouter(app, { auth: 'required' });
    signedIn.get('/api/message/listMessage', listMessageParams, pageSchema(messageSummarySchema), ({ userId, params }) =>
      pageMessages(deps.db, userId, params.state, params.page, params.pageSize),
    );
    signedIn.get('/api/message/getMessageDetail', messageDetailParams, messageDetailSchema, ({ userId, params }) =>
      readMessage(deps.db, userId, params.id),
    );
    signedIn.get('/api/message/countUserUnreadMessage', emptyParams, z.number().int(), ({ userId }) => unreadCount(deps.db, userId));
  };
}
