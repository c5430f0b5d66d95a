/**
 * npm run topology — the production topology of deploy/ on this machine, without Docker:
 * PostgreSQL (scripts/pg-local.sh), redis-server, two app instances of the production build on
 * one fresh database (demo catalog) and one Redis, and nginx in front with deploy/nginx's
 * configuration. Prints the URLs; Ctrl+C stops everything and drops the database.
 *
 * TOPOLOGY_PORT: nginx's port (the instances take the next ones); free ports when unset.
 * TOPOLOGY_INSTANCES: how many instances (2). TOPOLOGY_REDIS_PORT: Redis's port.
 * TOPOLOGY_POSTGRES_URL (or TEST_POSTGRES_URL): a PostgreSQL server to use instead of pg-local.sh.
 * Needs Debian's nginx and redis-server (apt-get install nginx redis-server).
 */
import { startTopology } from "./lib/topology";

const number = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);

async function main() {
  const topology = await startTopology({
    instances: number("TOPOLOGY_INSTANCES") ?? 2,
    basePort: number("TOPOLOGY_PORT"),
    redisPort: number("TOPOLOGY_REDIS_PORT"),
    log: (line) => console.log(line),
  });
  console.log(`\nThe store runs behind nginx at ${topology.nginxUrl}`);
  for (const instance of topology.instances) console.log(`  instance ${instance.name}: ${instance.url} (pid ${instance.pid()})`);
  console.log(`  database: ${topology.databaseUrl}\n  redis: ${topology.redisUrl}\n  admin API token (owner): ${topology.adminToken}\n  nginx logs: ${topology.nginxDir}`);
  console.log("Ctrl+C stops everything.");
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping...");
    topology.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
