// One service per server process, created on first use and shared by every route handler.
import { createService, type Service } from 'pressroom';

let service: Promise<Service> | undefined;

export function pressroom(): Promise<Service> {
  service ??= createService({ url: process.env.SITE_URL ?? 'http://localhost:3000', dataDir: process.env.PRESSROOM_DATA ?? './content/data' });
  return service;
}
