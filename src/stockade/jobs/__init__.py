"""Analysis jobs: durable job records, safe source fetching and the runners."""
