// Renders the chart options that report.html / compare.html embed as JSON (built in Kotlin,
// see HtmlAssets and ReportCharts) with ECharts' SVG renderer, and makes tables sortable.
// Kotlin cannot put functions into JSON, so four markers are completed here:
//   series.whiskers: a min-max range per category, drawn as a custom series (ECharts' error-bar pattern);
//   series.errorBars: a vertical interval per point of value axes, [x, low, high] (the load chart's forks);
//   tooltip.fromData: the tooltip text is the data item's preformatted `tip` (units formatted by Units.kt),
//   escaped, since ECharts renders a formatter's string as HTML;
//   axisLabel.byValue: a log axis' decade labels, preformatted by value (`1000` -> `1.00 µs`).
(function () {
  'use strict';

  // A log axis' tick as meant: ECharts computes them as powers of ten in floating point (10^6 read 999,999.9999999997).
  function tick(v) { return Number(Number(v).toPrecision(12)); }

  // A line from lo to hi (pixel points) with a cap at each end, each cap reaching dx and dy either side.
  function cappedInterval(lo, hi, dx, dy, style) {
    function line(x1, y1, x2, y2) { return { type: 'line', shape: { x1: x1, y1: y1, x2: x2, y2: y2 }, style: style }; }
    return {
      type: 'group',
      children: [
        line(lo[0], lo[1], hi[0], hi[1]),
        line(lo[0] - dx, lo[1] - dy, lo[0] + dx, lo[1] + dy),
        line(hi[0] - dx, hi[1] - dy, hi[0] + dx, hi[1] + dy)
      ]
    };
  }

  function whiskerItem(params, api) {
    var cat = api.value(0);
    var lo = api.coord([api.value(1), cat]);
    var hi = api.coord([api.value(2), cat]);
    var h = api.size([0, 1])[1] * 0.3;
    return cappedInterval(lo, hi, 0, h / 2, { stroke: '#333', lineWidth: 1.2 });
  }

  // A vertical interval at a point of value axes, [x, low, high], capped, in its series' colour.
  function errorBarItem(params, api) {
    var lo = api.coord([api.value(0), api.value(1)]);
    var hi = api.coord([api.value(0), api.value(2)]);
    return cappedInterval(lo, hi, 4, 0, { stroke: api.visual('color'), lineWidth: 1.2 });
  }

  // Text from a results file (strategy names, errors) is data, never markup: anyone may hand you one.
  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  function prepare(option) {
    (option.series || []).forEach(function (s) {
      if (s.whiskers) {
        s.type = 'custom';
        s.renderItem = whiskerItem;
        s.encode = { x: [1, 2], y: 0 };
        delete s.whiskers;
      }
      if (s.errorBars) {
        s.type = 'custom';
        s.renderItem = errorBarItem;
        s.encode = { x: 0, y: [1, 2] };
        delete s.errorBars;
      }
      if (s.type === 'heatmap') {
        // A grid's squares show their preformatted ratio to the best cell.
        s.label = { show: true, formatter: function (p) { return (p.data && p.data.text) || ''; } };
      }
    });
    [].concat(option.xAxis || [], option.yAxis || []).forEach(function (axis) {
      var labels = axis.axisLabel && axis.axisLabel.byValue;
      if (labels) {
        delete axis.axisLabel.byValue;
        axis.axisLabel.formatter = function (v) {
          var t = String(tick(v));
          return labels[t] !== undefined ? labels[t] : t;
        };
      } else if (axis.type === 'log') {
        axis.axisLabel = Object.assign({}, axis.axisLabel, {
          formatter: function (v) { return tick(v).toLocaleString('en-US', { maximumSignificantDigits: 12 }); }
        });
      }
    });
    if (option.tooltip && option.tooltip.fromData) {
      delete option.tooltip.fromData;
      // ECharts puts a formatter's string into the page as HTML; the tip is data, so it is escaped.
      option.tooltip.formatter = function (p) { return escapeHtml((p.data && p.data.tip) || p.seriesName); };
    }
    option.animation = false;
    return option;
  }

  var options = JSON.parse(document.getElementById('bakeoff-charts').textContent);
  var rendered = 0;
  document.querySelectorAll('div.chart').forEach(function (el) {
    var chart = echarts.init(el, null, { renderer: 'svg' });
    chart.setOption(prepare(options[Number(el.dataset.chart)]));
    window.addEventListener('resize', function () { chart.resize(); });
    rendered++;
  });

  // Sortable tables: click a header; numbers sort by their raw value (data-v), text alphabetically.
  document.querySelectorAll('table.sortable').forEach(function (table) {
    table.querySelectorAll('thead th').forEach(function (th, col) {
      th.addEventListener('click', function () {
        var body = table.tBodies[0];
        var up = th.dataset.dir !== 'up';
        table.querySelectorAll('thead th').forEach(function (o) { delete o.dataset.dir; });
        th.dataset.dir = up ? 'up' : 'down';
        var rows = Array.prototype.slice.call(body.rows);
        function key(row) {
          var cell = row.cells[col];
          var v = cell && cell.dataset.v;
          return v !== undefined ? Number(v) : (cell ? cell.textContent : '');
        }
        rows.sort(function (a, b) {
          var x = key(a), y = key(b);
          var missingX = x === '' || x === '–', missingY = y === '' || y === '–';
          if (missingX !== missingY) return missingX ? 1 : -1; // empty cells last either way
          var c = (typeof x === 'number' && typeof y === 'number') ? x - y : String(x).localeCompare(String(y));
          return up ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });

  document.body.dataset.chartsRendered = String(rendered);
})();
