/** Favourite, follow, view and similar-idea paths of docs/spec/publishing-and-browsing.md §7 and docs/architecture.md §6. */
import { ideaOps } from '../ideas/operations.ts';
import { favoriteOps, followOps } from '../social/operations.ts';
import { route } from './route.ts';

const FAV = '收藏';
const FOLLOW = '关注';
const IDEA = '创意';

export const socialRoutes = [
  route('get', '/favorites', favoriteOps.list, { tag: FAV, summary: '我的收藏（最新在前，每页 50 个，nextCursor 传给 ?cursor= 取下一页；作者已删除的只有 { id, title, isDeleted: true }；重新审核中的不列出，所以一页可能不足 50 个）', responses: { 400: 'cursor 无效' } }),
  route('get', '/favorites/check/:ideaId', favoriteOps.check, { tag: FAV, summary: '是否已收藏（data.isFavorite、data.favoriteCount）', responses: { 404: '创意不存在或不可见' } }),
  route('post', '/favorites/:ideaId', favoriteOps.set, { tag: FAV, summary: '收藏或取消收藏（favorite 默认为 true；返回 favorited、favoriteCount）', responses: { 404: '创意不存在或已被删除' } }),
  route('delete', '/favorites/:ideaId', favoriteOps.remove, { tag: FAV, summary: '清除收藏记录', responses: { 404: '没有这条收藏记录' } }),
  route('post', '/ideas/view', ideaOps.recordView, { tag: IDEA, summary: '记录浏览（同一浏览者每天每个创意计一次；作者本人不计）', responses: { 404: '创意不存在或已被删除' } }),
  route('get', '/ideas/:id/view-count', ideaOps.viewCount, { tag: IDEA, summary: '浏览次数（data.viewCount）', responses: { 404: '创意不存在或不可见' } }),
  route('get', '/ideas/:id/similar', ideaOps.similar, { tag: IDEA, summary: '相似创意（共享标签或标题词语，最相似的在前；limit 默认 6）', responses: { 404: '创意不存在或不可见' } }),
  route('get', '/ideas/:ideaId/favorite', favoriteOps.check, { operationId: 'favorites.checkOnIdea', tag: FAV, summary: '是否已收藏（data.isFavorite）', responses: { 404: '创意不存在或不可见' } }),
  route('post', '/ideas/:ideaId/favorite', favoriteOps.set, { operationId: 'favorites.setOnIdea', tag: FAV, summary: '收藏或取消收藏（body favorite）', responses: { 404: '创意不存在或已被删除' } }),
  route('get', '/follows/following', followOps.following, { tag: FOLLOW, summary: '我关注的人' }),
  route('get', '/follows/check/:registrationNumber', followOps.check, { tag: FOLLOW, summary: '是否已关注（data.isFollowing）', responses: { 404: '用户不存在' } }),
  route('post', '/follows/:registrationNumber', followOps.set, { tag: FOLLOW, summary: '关注或取消关注（follow 默认为 true；不能关注自己）', responses: { 400: '不能关注自己', 404: '用户不存在' } }),
];
