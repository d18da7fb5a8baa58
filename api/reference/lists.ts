import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { departments, industries, topics } from '../../db/schema/index.ts';
import type { Department, Industry, Topic } from '../shared/search.ts';

/** The filter options, from SQL: read by the web app's /api/departments (and siblings) and by /api/v1. */

export function loadDepartments(db: Database): Promise<Department[]> {
  return db.select({ id: departments.id, code: departments.code, fullName: departments.fullName }).from(departments).orderBy(asc(departments.id));
}

export function loadIndustries(db: Database): Promise<Industry[]> {
  return db.select({ id: industries.id, name: industries.name, color: industries.color }).from(industries).orderBy(asc(industries.id));
}

export function loadTopics(db: Database): Promise<Topic[]> {
  return db.select({ id: topics.id, code: topics.code, name_en: topics.nameEn }).from(topics).orderBy(asc(topics.id));
}
