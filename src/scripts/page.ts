document.documentElement.dataset.hydrated = 'true';
