/** The cluster (src/cluster.ts) for the CLI, its test and the benchmark. */
export { Cluster, type ClusterOptions, type DevnetEndpoints, type Instance } from './cluster.js'
export { nginxAvailable, STATIC_PATH } from './nginx.js'
export { postgresAvailable } from './postgres.js'
export { Child } from './process.js'
