// The Controls module; see DEVELOPERS.md for its place in the architecture.
