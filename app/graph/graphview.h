// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "graphlayout.h"
#include "jobgraph.h"

#include <QGraphicsView>

#include <functional>

class GraphNodeItem;
class QGraphicsPathItem;
class QMenu;

// A JobGraph drawn in layers (GraphLayout), whatever job system it comes from. The wheel zooms
// about the pointer, dragging pans, + and - zoom, F or 0 fits the whole graph, Home goes back to
// the start node. Click selects a node (its edges are highlighted), and with a node selected the
// arrow keys walk: Up to a job it waits on, Down to one waiting on it, Left and Right along its
// layer. A hover shows a node's details; double-click or Enter activates it (nodeActivated), the
// context menu (or the Menu key) is what the owner's MenuFiller puts in: the view itself changes
// nothing.
class GraphView final : public QGraphicsView
{
    Q_OBJECT

public:
    using MenuFiller = std::function<void(QMenu *menu, const QString &id)>;

    explicit GraphView(QWidget *parent = nullptr);
    ~GraphView() override;

    // Draws `graph`. With keepView the zoom and centre stay (a refresh of the same graph);
    // otherwise the whole graph is fitted when it reads at that size, else the start node is
    // centred at full size.
    void setGraph(const JobGraph &graph, bool keepView = false);
    const JobGraph &graph() const { return m_graph; }
    const GraphLayout::Result &layout() const { return m_layout; }
    void setMenuFiller(MenuFiller filler) { m_menuFiller = std::move(filler); }

    QString selectedId() const;
    // Selects and shows the node; false when the graph has no such node.
    bool select(const QString &id);
    double zoom() const;
    void zoomBy(double factor);
    void fitAll();
    void centreOnStart();
    // The menu the context menu shows for `id` (made for the caller, who owns it).
    QMenu *menuFor(const QString &id, QWidget *parent);

    static constexpr double MinZoom = 0.02;
    static constexpr double MaxZoom = 4;
    // Fitting the whole graph shows it only when nodes are at least this large; smaller, the
    // start node is shown at full size and F fits on request.
    static constexpr double ReadableFit = 0.5;

signals:
    void nodeActivated(const QString &id);
    void selectionMoved(const QString &id);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    GraphNodeItem *itemAt(const QPoint &viewPoint) const;
    GraphNodeItem *selectedItem() const;
    void selectIndex(int index);
    // The neighbour to walk to from `index` with `key`, or -1.
    int stepFrom(int index, int key) const;
    void drawEdges();
    void highlightEdges();
    void restyle();
    void showMenu(const QString &id, const QPoint &globalPos);

    JobGraph m_graph;
    GraphLayout::Result m_layout;
    QList<GraphNodeItem *> m_items;
    QList<QList<int>> m_up;   // by node: the nodes it waits on
    QList<QList<int>> m_down; // by node: the nodes waiting on it
    QList<QList<int>> m_rows; // by layer: its nodes in reading order
    QGraphicsPathItem *m_edges = nullptr;
    QGraphicsPathItem *m_highlighted = nullptr;
    MenuFiller m_menuFiller;
    bool m_dropping = false;
};
