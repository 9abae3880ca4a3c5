"""The Qt front end: shows the rules model and turns clicks into actions."""
