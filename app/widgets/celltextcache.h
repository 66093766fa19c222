// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCache>
#include <QFont>
#include <QPointF>
#include <QString>
#include <QTextLayout>

#include <memory>
#include <vector>

class QPainter;
class QRect;

// One line of a cell's text, laid out as QCommonStyle lays it out (CE_ItemViewItem, one line, not
// wrapped) and kept laid out. A table repainted many times a second (the Events page: 40 times,
// every row new) shows the same few names over and over (events, queues, workers, messages), and
// laying a text out (Harfbuzz's shaping) is most of a repaint, done twice per cell by the style
// (once to size it, once to draw it).
// A text seen again is drawn from its kept layout. A text seen for the first time is laid out
// once, drawn, and only remembered as seen: most such texts (a time, a jid) never come back, and
// keeping them would push out those that do. Bounded by memory: a kept layout is weighed at about
// 1.5 KiB plus 35 bytes a character, and past CapacityKiB the least recently drawn go.
class CellTextCache final
{
public:
    static constexpr int CapacityKiB = 2048;
    static constexpr int SeenSlots = 8192; // a power of two

    // Draws `text` as the style draws a cell's one line: in `textRect` (the cell less the style's
    // text margins), aligned by `alignment` (logical, as the model gives it) for `direction`, cut
    // with `mode` when wider, in the painter's pen and font, never outside `cell`.
    void draw(QPainter *painter, const QRect &cell, const QRect &textRect, Qt::Alignment alignment,
              Qt::LayoutDirection direction, const QString &text, Qt::TextElideMode mode);
    int keptCount() const { return int(m_texts.size()); }
    int keptKiB() const { return int(m_texts.totalCost()); }

private:
    struct Key
    {
        QString text;
        QFont font;
        int width = 0;
        int height = 0;
        int alignment = 0;
        int direction = 0; // the cell's times 4 plus the painter's (a cut text is drawn in that)
        int mode = 0;
        bool operator==(const Key &other) const
        {
            return width == other.width && height == other.height && alignment == other.alignment
                   && direction == other.direction && mode == other.mode && text == other.text && font == other.font;
        }
        friend size_t qHash(const Key &key, size_t seed = 0) noexcept
        {
            return qHashMulti(seed, key.text, key.font, key.width, key.height, key.alignment, key.direction, key.mode);
        }
    };
    // A text laid out for a text rectangle of the key's size: drawn at the rectangle's top left
    // plus `at`, clipped to the cell when it overflows it.
    struct Laid
    {
        QTextLayout layout;
        QPointF at;
        bool overflows = false;
    };

    static std::unique_ptr<Laid> layOut(const Key &key);
    // Whether a text was drawn before, by its hash: one slot per hash, the latest text to land there
    // owning it (a text whose slot another took is kept a sighting later; one whose hash collides,
    // a sighting early: both harmless).
    bool seenBefore(size_t hash);

    QCache<Key, Laid> m_texts{CapacityKiB};
    std::vector<size_t> m_seen = std::vector<size_t>(SeenSlots, 0);
};
