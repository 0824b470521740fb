/** The SQL a store speaks: what the queries and the migrations spell differently. */
export type SqlFlavor = 'sqlite' | 'postgres'
