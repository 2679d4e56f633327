"""Sample photos, game records, and the seeded renderer that makes the photos."""
