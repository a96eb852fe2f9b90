"""Site-wide plumbing every layer above the engines may use: caching, revalidation, safe CSV,
replica reads and untrusted files. It imports none of the game layers."""
