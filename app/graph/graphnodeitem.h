// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "jobgraph.h"

#include <QGraphicsItem>

// One node of GraphView: a box tinted with its state's tone, its label and state written in it,
// "+N" when the reader left neighbours out, the start node ringed. Colours come from the
// application palette at each paint (ThemeColors), so a switch to dark recolours it. Zoomed far
// out, text too small to read is not drawn: a thousand nodes stay a map of coloured boxes.
class GraphNodeItem final : public QGraphicsItem
{
public:
    GraphNodeItem(int index, const GraphNode &node, const QRectF &box, bool isStart);

    int index() const { return m_index; }
    const GraphNode &node() const { return m_node; }
    bool isStart() const { return m_start; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    // Below this scale a node is a box only.
    static constexpr double TextFromScale = 0.45;

private:
    int m_index;
    GraphNode m_node;
    QRectF m_box;
    bool m_start;
};
