"""Knowledge components (issue 5): terms, mind map, knowledge graph, learning route, summary."""
