"""API request and response models, separate from the store's tables."""
