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
import { apiRoute } from '../../platform/http/route.js';
import { pageMessages, readMessage, unreadCount } from './service.js';

export function messageRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    apiRoute(app, {
      method: 'GET',
      url: '/api/message/listMessage',
      auth: 'required',
      params: listMessageParams,
      response: pageSchema(messageSummarySchema),
      handler: ({ userId, params }) => pageMessages(deps.db, userId, params.state, params.page, params.pageSize),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/message/getMessageDetail',
      auth: 'required',
      params: messageDetailParams,
      response: messageDetailSchema,
      handler: ({ userId, params }) => readMessage(deps.db, userId, params.id),
    });
    apiRoute(app, {
      method: 'GET',
      url: '/api/message/countUserUnreadMessage',
      auth: 'required',
      params: emptyParams,
      response: z.number().int(),
      handler: ({ userId }) => unreadCount(deps.db, userId),
    });
  };
}
