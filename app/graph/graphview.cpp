// SPDX-License-Identifier: GPL-3.0-or-later
#include "graphview.h"

#include "graphnodeitem.h"
#include "palettefollower.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QKeyEvent>
#include <QMenu>
#include <QPainterPath>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace {
constexpr double Margin = 40;
constexpr double KeyZoom = 1.25;
constexpr double Arrow = 7;

void addEdge(QPainterPath *path, const QRectF &from, const QRectF &to)
{
    const QPointF start(from.center().x(), from.bottom());
    const QPointF end(to.center().x(), to.top());
    path->moveTo(start);
    if (end.y() > start.y()) {
        const double bend = (end.y() - start.y()) / 2;
        path->cubicTo(start + QPointF(0, bend), end - QPointF(0, bend), end);
    } else {
        path->lineTo(end); // an edge against the layers: only a cycle draws one
    }
    path->moveTo(end);
    path->lineTo(end + QPointF(-Arrow / 2, -Arrow));
    path->lineTo(end + QPointF(Arrow / 2, -Arrow));
    path->lineTo(end);
}
} // namespace

GraphView::GraphView(QWidget *parent)
    : QGraphicsView(parent)
{
    setScene(new QGraphicsScene(this));
    setDragMode(ScrollHandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    setRenderHint(QPainter::Antialiasing);
    setViewportUpdateMode(BoundingRectViewportUpdate);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Job graph"));
    m_edges = scene()->addPath(QPainterPath());
    m_highlighted = scene()->addPath(QPainterPath());
    m_highlighted->setZValue(0.5);
    connect(scene(), &QGraphicsScene::selectionChanged, this, [this] {
        if (m_dropping)
            return; // items being deleted: nothing left to highlight
        highlightEdges();
        emit selectionMoved(selectedId());
    });
    PaletteFollower::follow(this, [this] { restyle(); });
}

GraphView::~GraphView()
{
    // The scene, a child, deletes the items after this view is gone.
    m_dropping = true;
    scene()->disconnect(this);
}

void GraphView::setGraph(const JobGraph &graph, bool keepView)
{
    const QString selected = selectedId();
    const QPointF centre = mapToScene(viewport()->rect().center());
    const QTransform kept = transform();
    m_dropping = true;
    for (GraphNodeItem *item : std::as_const(m_items))
        delete item;
    m_items.clear();
    m_dropping = false;
    m_graph = graph;
    m_layout = GraphLayout::place(m_graph);

    const int count = int(m_graph.nodes().size());
    m_up = QList<QList<int>>(count);
    m_down = QList<QList<int>>(count);
    for (const GraphEdge &edge : m_graph.edges()) {
        m_down[edge.from].append(edge.to);
        m_up[edge.to].append(edge.from);
    }
    m_rows = QList<QList<int>>(m_layout.layerCount);
    m_items.reserve(count);
    for (int index = 0; index < count; ++index) {
        auto *item = new GraphNodeItem(index, m_graph.nodes()[index], m_layout.boxes[index], index == m_graph.start());
        scene()->addItem(item);
        m_items.append(item);
        m_rows[m_layout.layers[index]].append(index);
    }
    for (QList<int> &row : m_rows) {
        std::sort(row.begin(), row.end(), [this](int a, int b) {
            const QRectF &boxA = m_layout.boxes[a];
            const QRectF &boxB = m_layout.boxes[b];
            return boxA.top() != boxB.top() ? boxA.top() < boxB.top() : boxA.left() < boxB.left();
        });
    }
    drawEdges();
    restyle();
    scene()->setSceneRect(m_layout.bounds.adjusted(-Margin, -Margin, Margin, Margin));

    if (keepView) {
        setTransform(kept);
        centerOn(centre);
        if (!select(selected))
            highlightEdges();
        return;
    }
    fitAll();
    if (zoom() < ReadableFit)
        centreOnStart();
}

void GraphView::drawEdges()
{
    QPainterPath path;
    for (const GraphEdge &edge : m_graph.edges())
        addEdge(&path, m_layout.boxes[edge.from], m_layout.boxes[edge.to]);
    m_edges->setPath(path);
    m_highlighted->setPath(QPainterPath());
}

void GraphView::highlightEdges()
{
    QPainterPath path;
    if (GraphNodeItem *item = selectedItem()) {
        const int index = item->index();
        for (int before : std::as_const(m_up[index]))
            addEdge(&path, m_layout.boxes[before], m_layout.boxes[index]);
        for (int after : std::as_const(m_down[index]))
            addEdge(&path, m_layout.boxes[index], m_layout.boxes[after]);
    }
    m_highlighted->setPath(path);
}

void GraphView::restyle()
{
    // The application's palette: this widget's own may not have followed a switch yet.
    const QPalette colours = QApplication::palette();
    setBackgroundBrush(colours.color(QPalette::Window));
    QColor line = colours.color(QPalette::Text);
    line.setAlphaF(0.45);
    m_edges->setPen(QPen(line, 1.2));
    m_highlighted->setPen(QPen(colours.color(QPalette::Highlight), 2.5));
    scene()->update();
}

QString GraphView::selectedId() const
{
    GraphNodeItem *item = selectedItem();
    return item ? item->node().id : QString();
}

GraphNodeItem *GraphView::selectedItem() const
{
    const QList<QGraphicsItem *> selected = scene()->selectedItems();
    return selected.isEmpty() ? nullptr : static_cast<GraphNodeItem *>(selected.first());
}

bool GraphView::select(const QString &id)
{
    const int index = m_graph.indexOf(id);
    if (index < 0)
        return false;
    selectIndex(index);
    return true;
}

void GraphView::selectIndex(int index)
{
    scene()->clearSelection();
    GraphNodeItem *item = m_items[index];
    item->setSelected(true);
    item->setFocus();
    ensureVisible(item, 60, 60);
}

double GraphView::zoom() const
{
    return transform().m11();
}

void GraphView::zoomBy(double factor)
{
    const double wanted = std::clamp(zoom() * factor, MinZoom, MaxZoom);
    scale(wanted / zoom(), wanted / zoom());
}

void GraphView::fitAll()
{
    resetTransform();
    fitInView(sceneRect(), Qt::KeepAspectRatio);
    if (zoom() > 1)
        resetTransform();
}

void GraphView::centreOnStart()
{
    resetTransform();
    if (m_graph.start() >= 0)
        centerOn(m_layout.boxes[m_graph.start()].center());
}

void GraphView::wheelEvent(QWheelEvent *event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.15, steps));
    event->accept();
}

int GraphView::stepFrom(int index, int key) const
{
    const QRectF &box = m_layout.boxes[index];
    // Up and Down go to the neighbour nearest in x; Left and Right along the layer's reading order.
    auto nearest = [&](const QList<int> &candidates) {
        int best = -1;
        double bestDistance = 0;
        for (int other : candidates) {
            const double distance = std::abs(m_layout.boxes[other].center().x() - box.center().x());
            if (best < 0 || distance < bestDistance) {
                best = other;
                bestDistance = distance;
            }
        }
        return best;
    };
    switch (key) {
    case Qt::Key_Up: return nearest(m_up[index]);
    case Qt::Key_Down: return nearest(m_down[index]);
    case Qt::Key_Left:
    case Qt::Key_Right: {
        const QList<int> &row = m_rows[m_layout.layers[index]];
        const qsizetype at = row.indexOf(index) + (key == Qt::Key_Left ? -1 : 1);
        return at >= 0 && at < row.size() ? row[at] : -1;
    }
    default: return -1;
    }
}

void GraphView::keyPressEvent(QKeyEvent *event)
{
    GraphNodeItem *item = selectedItem();
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(KeyZoom); return;
    case Qt::Key_Minus: zoomBy(1 / KeyZoom); return;
    case Qt::Key_0:
    case Qt::Key_F: fitAll(); return;
    case Qt::Key_Home:
        centreOnStart();
        if (m_graph.start() >= 0)
            selectIndex(m_graph.start());
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (item)
            emit nodeActivated(item->node().id);
        return;
    case Qt::Key_Menu:
        if (item)
            showMenu(item->node().id, viewport()->mapToGlobal(mapFromScene(item->sceneBoundingRect().center())));
        return;
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Right:
        if (item) {
            const int next = stepFrom(item->index(), event->key());
            if (next >= 0)
                selectIndex(next);
            return;
        }
        break;
    default: break;
    }
    QGraphicsView::keyPressEvent(event);
}

GraphNodeItem *GraphView::itemAt(const QPoint &viewPoint) const
{
    for (QGraphicsItem *item : items(viewPoint)) {
        if (auto *node = dynamic_cast<GraphNodeItem *>(item))
            return node;
    }
    return nullptr;
}

void GraphView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (GraphNodeItem *item = itemAt(event->position().toPoint())) {
        emit nodeActivated(item->node().id);
        event->accept();
        return;
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

void GraphView::contextMenuEvent(QContextMenuEvent *event)
{
    GraphNodeItem *item = itemAt(event->pos());
    if (!item)
        return;
    scene()->clearSelection();
    item->setSelected(true);
    showMenu(item->node().id, event->globalPos());
}

QMenu *GraphView::menuFor(const QString &id, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    if (m_menuFiller)
        m_menuFiller(menu, id);
    return menu;
}

void GraphView::showMenu(const QString &id, const QPoint &globalPos)
{
    QMenu *menu = menuFor(id, this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (menu->isEmpty()) {
        delete menu;
        return;
    }
    menu->popup(globalPos);
}
