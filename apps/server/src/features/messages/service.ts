import { toPage, type MessageDetail, type MessageSummary, type Page } from '@skinfair/contract';
import type { Executor } from '../../platform/db/client.js';
import { toIso } from '../../platform/db/rows.js';
import { AppError } from '../../platform/errors.js';
import { countUnread, findOwnMessage, insertMessage, listMessages, markRead, type MessageRow } from './repo.js';

export type MessageType = 'system' | 'welcome' | 'retrieval' | 'reward' | 'security';

const SUMMARY_LENGTH = 60;

function toSummary(row: MessageRow): MessageSummary {
  const plain = row.content.replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    title: row.title,
    summary: plain.length > SUMMARY_LENGTH ? `${plain.slice(0, SUMMARY_LENGTH)}…` : plain,
    type: row.type,
    read: row.readAt !== null,
    createTime: toIso(row.createdAt),
  };
}

/** Other features call this (inside their transaction) to tell a user something. */
export async function sendMessage(ex: Executor, userId: number, message: { type: MessageType; title: string; content: string }) {
  return insertMessage(ex, { userId, ...message });
}

export async function pageMessages(
  ex: Executor,
  userId: number,
  state: number,
  page: number,
  pageSize: number,
): Promise<Page<MessageSummary>> {
  const { rows, totalRows } = await listMessages(ex, userId, state, page, pageSize);
  return toPage(rows.map(toSummary), page, pageSize, totalRows);
}

/** Reading a message marks it read. */
export async function readMessage(ex: Executor, userId: number, id: number): Promise<MessageDetail> {
  const row = await findOwnMessage(ex, userId, id);
  if (!row) throw new AppError('NOT_FOUND', `message ${id}`);
  if (!row.readAt) await markRead(ex, userId, id);
  return { ...toSummary({ ...row, readAt: row.readAt ?? new Date() }), content: row.content };
}

export const unreadCount = countUnread;
