import type { RedisClientType } from "@redis/client";

export function redisUrlFromEnv(env?: NodeJS.ProcessEnv): string | null;
export function redisKeyPrefixFromEnv(env?: NodeJS.ProcessEnv): string;
export function processRedisClient(url: string): RedisClientType;
export function waitForRedis(client: RedisClientType, timeoutMs: number): Promise<boolean>;
export function closeProcessRedisClients(): Promise<void>;
