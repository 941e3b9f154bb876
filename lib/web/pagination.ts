/**
 * Pagination, docs/spec.md §9: 5 page numbers (2 either side of the current page), total pages =
 * ceil(total / count), 40 pages when no total is given, first and prev links when they apply
 * (the first link from page 3), next while there is a later page.
 */
import { LIMITS } from '@/lib/contract/constants';

export const DEFAULT_PAGE_COUNT = 40;
export const PAGE_WINDOW = 2;

export interface PaginationModel {
  page: number;
  totalPages: number;
  pages: number[];
  first: number | null;
  prev: number | null;
  next: number | null;
}

export function totalPagesOf(total: number | null, count: number): number {
  if (total === null || !Number.isFinite(total)) return DEFAULT_PAGE_COUNT;
  if (count <= 0) return 1;
  return Math.min(LIMITS.maxPage, Math.max(1, Math.ceil(total / count)));
}

export function paginate(page: number, total: number | null, count: number): PaginationModel {
  const totalPages = totalPagesOf(total, count);
  const current = Math.min(Math.max(1, page), Math.max(totalPages, page));
  let start = Math.max(1, current - PAGE_WINDOW);
  const end = Math.min(totalPages, start + PAGE_WINDOW * 2);
  start = Math.max(1, Math.min(start, end - PAGE_WINDOW * 2));
  const pages: number[] = [];
  for (let p = start; p <= end; p++) pages.push(p);
  return {
    page: current,
    totalPages,
    pages,
    first: current >= 3 ? 1 : null,
    prev: current >= 2 ? current - 1 : null,
    next: current < totalPages ? current + 1 : null,
  };
}
