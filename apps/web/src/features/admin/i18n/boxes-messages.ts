import { useCallback } from 'react';
import { useLocaleStore } from '../../../shared/i18n/locale-store';

/**
 * The Boxes screen's strings (issue 16 screen 2), beside the console's catalogue and in the same form
 * (plain `{name}` placeholders), kept apart so each screen's strings travel with its own chunk.
 */
const zhCN = {
  'boxes.title': '箱子管理',
  'boxes.search': '搜索箱子名称或编号',
  'boxes.allThemes': '全部分类',
  'boxes.allStates': '全部状态',
  'boxes.enabled': '已上架',
  'boxes.disabled': '已下架',
  'boxes.new': '新建箱子',
  'boxes.empty': '没有符合条件的箱子',
  'boxes.col.id': '编号',
  'boxes.col.name': '名称',
  'boxes.col.theme': '分类',
  'boxes.col.price': '价格',
  'boxes.col.version': '赔率版本',
  'boxes.col.return': '期望返还',
  'boxes.col.rate': '返还率',
  'boxes.col.state': '状态',
  'boxes.col.battle': '对战',
  'boxes.col.actions': '操作',
  'boxes.edit': '编辑',
  'boxes.battleYes': '可用于对战',
  'boxes.battleNo': '不可用于对战',
  'boxes.back': '返回箱子列表',
  'boxes.editTitle': '编辑箱子 #{id}',
  'boxes.newTitle': '新建箱子',
  'boxes.settings': '基本设置',
  'boxes.name': '名称',
  'boxes.image': '图片地址',
  'boxes.theme': '分类',
  'boxes.price': '价格（元）',
  'boxes.enabledLabel': '上架',
  'boxes.battleLabel': '可用于对战',
  'boxes.save': '保存设置',
  'boxes.saved': '已保存',
  'boxes.priceInvalid': '请输入正确的价格（最多两位小数）',
  'boxes.drops': '掉落列表',
  'boxes.dropsHint':
    '权重为正整数，合计必须正好为 100000；发布后生成新的赔率版本，旧的开箱记录仍按其版本验证。',
  'boxes.drop.item': '饰品',
  'boxes.drop.recovery': '回收价',
  'boxes.drop.weight': '权重',
  'boxes.drop.chance': '概率',
  'boxes.drop.weightOf': '{name} 的权重',
  'boxes.drop.remove': '移除',
  'boxes.drop.removeOf': '移除 {name}',
  'boxes.drop.empty': '还没有掉落，请在下方搜索饰品添加',
  'boxes.sum': '权重合计：{sum} / 100000',
  'boxes.sumOk': '合计正确',
  'boxes.sumMissing': '还差 {n}',
  'boxes.sumOver': '超出 {n}',
  'boxes.expected': '期望返还：{value} 元，返还率 {rate}',
  'boxes.current': '当前版本 v{version}，赔率哈希 {hash}',
  'boxes.picker': '添加饰品',
  'boxes.pickerSearch': '搜索饰品名称或编号',
  'boxes.pickerAdd': '添加 {name}',
  'boxes.pickerAdded': '已在列表中',
  'boxes.pickerEmpty': '没有找到饰品',
  'boxes.publish': '发布新赔率版本',
  'boxes.create': '创建箱子',
  'boxes.created': '箱子已创建',
  'boxes.published': '已发布 v{version}',
  'boxes.confirmTitle': '发布新的赔率版本？',
  'boxes.confirmBody':
    '将为「{name}」发布 v{version}：{count} 个掉落，期望返还 {value} 元（返还率 {rate}）。之后的开箱立即使用新版本，已有记录保持原版本。',
  'boxes.confirmCreateTitle': '创建箱子？',
  'boxes.confirmCreateBody':
    '将创建「{name}」并发布 v1：{count} 个掉落，期望返还 {value} 元（返还率 {rate}）。',
  'boxes.versions': '历史版本',
  'boxes.version.row': 'v{version} · 期望返还 {value} 元 · {at}',
  'boxes.readOnly': '你的角色只能查看箱子。',
} as const;

export type BoxesMessageId = keyof typeof zhCN;

const enUS: Record<BoxesMessageId, string> = {
  'boxes.title': 'Boxes',
  'boxes.search': 'Search box name or id',
  'boxes.allThemes': 'All themes',
  'boxes.allStates': 'All states',
  'boxes.enabled': 'Enabled',
  'boxes.disabled': 'Disabled',
  'boxes.new': 'New box',
  'boxes.empty': 'No boxes match',
  'boxes.col.id': 'ID',
  'boxes.col.name': 'Name',
  'boxes.col.theme': 'Theme',
  'boxes.col.price': 'Price',
  'boxes.col.version': 'Odds version',
  'boxes.col.return': 'Expected return',
  'boxes.col.rate': 'Return rate',
  'boxes.col.state': 'State',
  'boxes.col.battle': 'Battles',
  'boxes.col.actions': 'Actions',
  'boxes.edit': 'Edit',
  'boxes.battleYes': 'In battles',
  'boxes.battleNo': 'Not in battles',
  'boxes.back': 'Back to boxes',
  'boxes.editTitle': 'Edit box #{id}',
  'boxes.newTitle': 'New box',
  'boxes.settings': 'Settings',
  'boxes.name': 'Name',
  'boxes.image': 'Image URL',
  'boxes.theme': 'Theme',
  'boxes.price': 'Price (yuan)',
  'boxes.enabledLabel': 'Enabled',
  'boxes.battleLabel': 'Usable in battles',
  'boxes.save': 'Save settings',
  'boxes.saved': 'Saved',
  'boxes.priceInvalid': 'Enter a valid price (at most two decimals)',
  'boxes.drops': 'Drop list',
  'boxes.dropsHint':
    'Weights are positive integers summing to exactly 100000. Publishing makes a new odds version; old rolls verify with theirs.',
  'boxes.drop.item': 'Item',
  'boxes.drop.recovery': 'Recovery price',
  'boxes.drop.weight': 'Weight',
  'boxes.drop.chance': 'Chance',
  'boxes.drop.weightOf': 'Weight of {name}',
  'boxes.drop.remove': 'Remove',
  'boxes.drop.removeOf': 'Remove {name}',
  'boxes.drop.empty': 'No drops yet: search for items below',
  'boxes.sum': 'Total weight: {sum} / 100000',
  'boxes.sumOk': 'Total is right',
  'boxes.sumMissing': '{n} short',
  'boxes.sumOver': '{n} over',
  'boxes.expected': 'Expected return: {value} yuan, return rate {rate}',
  'boxes.current': 'Current version v{version}, odds hash {hash}',
  'boxes.picker': 'Add items',
  'boxes.pickerSearch': 'Search item name or id',
  'boxes.pickerAdd': 'Add {name}',
  'boxes.pickerAdded': 'In the list',
  'boxes.pickerEmpty': 'No items found',
  'boxes.publish': 'Publish new odds version',
  'boxes.create': 'Create box',
  'boxes.created': 'Box created',
  'boxes.published': 'Published v{version}',
  'boxes.confirmTitle': 'Publish a new odds version?',
  'boxes.confirmBody':
    'Publishes v{version} of "{name}": {count} drops, expected return {value} yuan (return rate {rate}). The next openings use it at once; existing rolls keep their version.',
  'boxes.confirmCreateTitle': 'Create the box?',
  'boxes.confirmCreateBody':
    'Creates "{name}" and publishes v1: {count} drops, expected return {value} yuan (return rate {rate}).',
  'boxes.versions': 'Versions',
  'boxes.version.row': 'v{version} · expected return {value} yuan · {at}',
  'boxes.readOnly': 'Your role can only view boxes.',
};

const catalogues: Record<string, Record<BoxesMessageId, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

export function formatBoxesMessage(
  locale: string,
  id: BoxesMessageId,
  values: Record<string, string | number> = {},
): string {
  return (catalogues[locale] ?? zhCN)[id].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

export function useBoxesT(): (id: BoxesMessageId, values?: Record<string, string | number>) => string {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((id, values) => formatBoxesMessage(locale, id, values), [locale]);
}
