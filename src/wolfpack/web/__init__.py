"""The browser side of wolfpack: board drawings for web pages, and the pages' static assets."""
